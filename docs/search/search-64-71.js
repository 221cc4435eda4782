(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-71.js"]={"dqn":"ceaSnT$$$$$$$$$$<$$$$$0$$$$iT0$0$$$$$$$$$$$$$$$$$<$$$$$$$$$$o/bd/","dqn_cartpole":"tfa/","dqn_results":"tfa/"};
