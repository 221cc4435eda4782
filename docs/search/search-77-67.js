(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-67.js"]={"wgan":"jk;pb/nT$$$$$0$$$$$$$$$$$$$0$0$$($$0$$$$$$($$$$$$$$$$$$$$$$$$$$$vT$$$$$$$$$$$$$$","wgan_g_loss":"go+h+"};
