(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-71.js"]={"dqn":"tfaSnT$$$$$$$$$$<$$$$$0$$$$iT0$0$$$$$$$$$$$$$$$$$<$$$$$$$$$$o/bd/","dqn_cartpole":"fha/","dqn_results":"fha/"};
